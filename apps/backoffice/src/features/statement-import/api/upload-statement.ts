import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  STATEMENT_FILE_FIELD,
  type StatementFormat,
  statementImportResult,
  statementPreview,
} from '@member-wallet/contract/backoffice/statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorFromAnswer, readJson, type Schema, send } from '../../../lib/http.ts';

export interface StatementUpload {
  accountNo: string;
  format: StatementFormat;
  file: File;
}

/** Sends the file and its fields (multipart), without a time-out: an import of a busy day takes a while. */
async function post<T>(path: string, upload: StatementUpload, schema: Schema<T>, fileSha256?: string): Promise<T> {
  const form = new FormData();
  form.append('accountNo', upload.accountNo);
  form.append('format', upload.format);
  if (fileSha256) form.append('fileSha256', fileSha256);
  form.append(STATEMENT_FILE_FIELD, upload.file);
  const response = await send(path, { method: 'POST', body: form, timeoutMs: null });
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return schema.parse(data);
}

/** Reads the file on the server: what it holds and what is recorded of it already; records nothing. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: (upload: StatementUpload) => post(BACKOFFICE_API.statementPreview, upload, statementPreview),
  });
}

/** Records the file previewed (`fileSha256`); the lists of deposits and transfers in suspense change with it. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileSha256, ...upload }: StatementUpload & { fileSha256: string }) =>
      post(BACKOFFICE_API.statementImport, upload, statementImportResult, fileSha256),
    onSettled: () =>
      Promise.all(
        ['deposits', 'bank-transfers', 'dashboard'].map((list) =>
          queryClient.invalidateQueries({ queryKey: ['backoffice', list] }),
        ),
      ),
  });
}
