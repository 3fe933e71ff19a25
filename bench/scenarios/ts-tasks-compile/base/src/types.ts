export type Status = 'todo' | 'doing' | 'done';

export interface Task {
  id: number;
  title: string;
  status: Status;
  assignee?: string;
  /** YYYY-MM-DD */
  due?: string;
}
