/** The repository the run works on, as GitHub's API names it. */
export interface RepoRef {
  owner: string;
  repo: string;
}
