/**
 * What executes on git's behalf, switched off on every command: test code may have written any of
 * it into `.git/config` (or a file it includes), and none of it must run with our arguments in
 * reach. Command-line `-c` wins over every config file. The global and system files are not read
 * at all (GIT_CONFIG_GLOBAL/NOSYSTEM), so this list covers the repository's own config.
 */
export const NEUTRAL = [
  'core.fsmonitor=false',
  // /dev/null rather than an empty directory: nothing can ever be created under it.
  'core.hooksPath=/dev/null',
  'core.sshCommand=false',
  'core.askPass=',
  'core.gitProxy=',
  'core.alternateRefsCommand=',
  'core.alternateRefsPrefixes=',
  'core.pager=cat',
  'core.editor=false',
  'core.commitGraph=false',
  'core.untrackedCache=false',
  'credential.helper=',
  'diff.external=',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'push.gpgSign=false',
  'gpg.program=false',
  'sequence.editor=false',
  'uploadpack.packObjectsHook=',
  'remote.origin.uploadpack=git-upload-pack',
  'remote.origin.receivepack=git-receive-pack',
  'push.followTags=false',
  'fetch.writeCommitGraph=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'http.sslVerify=true',
  'protocol.allow=never',
  // Git refuses a repository owned by another user unless told; with everything above off, its
  // config cannot run anything, which is what that check protects against.
  'safe.directory=*',
];
// http only reaches a server the job names as GitHub (GITHUB_SERVER_URL; checkout.ts ties the token to it).
export const NETWORK = ['protocol.https.allow=always', 'protocol.http.allow=always', 'protocol.file.allow=always'];
