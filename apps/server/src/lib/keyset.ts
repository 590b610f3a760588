/**
 * Every row a query reads, newest first, a batch at a time, for the CSV exports: `read(beforeId, size)` answers
 * at most `size` rows with ids below `beforeId` (all when null), highest id first. Keyset paging on the id, so
 * rows added meanwhile neither shift the batches nor repeat, and an export of any size never sits in memory.
 */
export async function* byIdDescending<Row extends { id: bigint }, Item>(
  read: (beforeId: bigint | null, size: number) => Promise<readonly Row[]>,
  toItem: (row: Row) => Item,
  batchSize: number,
): AsyncGenerator<Item> {
  let beforeId: bigint | null = null;
  for (;;) {
    const rows = await read(beforeId, batchSize);
    for (const row of rows) yield toItem(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    beforeId = last.id;
  }
}
