import { i18n } from '../i18n/i18n.ts';
import { ApiError, apiHeaders, errorFromAnswer, NETWORK_ERROR, readJson } from './http.ts';

/**
 * Downloads a CSV file the server builds (`…​.csv` endpoints). The call carries the operator's token, which a
 * plain link could not, so the file is fetched and handed to the browser under `fileName`.
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), { headers: { ...apiHeaders(), Accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, i18n.t('common.networkError'));
  }
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
