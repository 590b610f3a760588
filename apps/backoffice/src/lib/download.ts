import { errorFromAnswer, readJson, send } from './http.ts';

/**
 * Downloads a CSV file the server builds (`…​.csv` endpoints). The call carries the operator's token, which a
 * plain link could not, so the file is fetched and handed to the browser under `fileName`.
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const response = await send(path, { headers: { Accept: 'text/csv' }, timeoutMs: null });
  if (!response.ok) throw errorFromAnswer(response.status, await readJson(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
