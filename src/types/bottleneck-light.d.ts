// bottleneck's light build (no Redis clustering), as @octokit/plugin-throttling loads it: the same API
// as the package's main entry, whose types it ships.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
