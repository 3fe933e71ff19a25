// The lines of `go test` output the reader tells apart; the package dirs learn from some of them too.
export const PKG_OK = /^ok\s+(\S+)\s+(?:\(cached\)|[\d.]+s|\[no tests to run\])/;
export const PKG_FAIL = /^FAIL\s+(\S+)\s+(?:[\d.]+s|\[(build|setup) failed\])\s*$/;
export const PKG_NONE = /^\?\s+(\S+)\s+\[no test files\]/;
export const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)$/;
export const EVENT = /^=== (RUN|PAUSE|CONT|NAME)\s+(\S+)$/;
/** "# example.com/m/pkg [example.com/m/pkg.test]"; external test packages print "# example.com/m/pkg_test [...]". */
export const BUILD_HEAD = /^# (\S+)(?: \[(\S+?)(?:\.test)?\])?$/;
export const LOG_START = /^(\s+)([\w.\-/]+\.go):(\d+): /;

export function isBuildLine(line: string): boolean {
  if (!line.trim()) return false;
  if (PKG_FAIL.test(line) || PKG_OK.test(line) || PKG_NONE.test(line) || BUILD_HEAD.test(line)) return false;
  return /^\s/.test(line) || /\.go:\d+/.test(line) || /^(too many errors|note:|vet:|go: )/.test(line);
}
