/**
 * `git config --null` output (`--list`, `--get-regexp`) as records: "key\nvalue", or a bare "key"
 * (a boolean set to true), whose value is then undefined.
 */
export function configRecords(listing: string): { key: string; value: string | undefined }[] {
  return listing
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const at = record.indexOf('\n');
      return at < 0 ? { key: record, value: undefined } : { key: record.slice(0, at), value: record.slice(at + 1) };
    });
}
