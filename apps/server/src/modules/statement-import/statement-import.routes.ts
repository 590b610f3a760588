import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  STATEMENT_BYTES_MAX,
  STATEMENT_FIELDS,
  STATEMENT_FILE_FIELD,
  type StatementUploadFields,
  statementAccounts,
  statementImportResult,
  statementPreview,
  statementUploadFields,
} from '@member-wallet/contract/backoffice/statements';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/route.ts';
import type { StatementImportService, StatementUpload } from './statement-import.service.ts';

const tags = ['backoffice'];
const MONEY_ROLES = ['admin', 'finance'] as const;
/** The fields' text is short: an account number, a layout's name, a hash. */
const FIELD_BYTES_MAX = 200;

/** The multipart body: the fields (checked by the contract's schema) and the file, read whole within its limit. */
async function readUpload(request: FastifyRequest): Promise<{ fields: StatementUploadFields; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('KEY_INVALID', { [STATEMENT_FILE_FIELD]: 'KEY_MISSING' });
  const values: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    const limits = {
      fileSize: STATEMENT_BYTES_MAX,
      fieldSize: FIELD_BYTES_MAX,
      files: 1,
      fields: STATEMENT_FIELDS.length,
      parts: STATEMENT_FIELDS.length + 1,
    };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
      } else if (part.fieldname === STATEMENT_FILE_FIELD) {
        bytes = await part.toBuffer();
      } else {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('KEY_INVALID', { [part.fieldname]: 'KEY_INVALID' });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('STATEMENT_TOO_LARGE');
    // Other limits and a malformed body are the client's: refused, nothing read.
    if (code.startsWith('FST_')) throw new AppError('KEY_INVALID');
    throw error;
  }
  const fields = parseInput(statementUploadFields, values);
  if (bytes === undefined || bytes.length === 0)
    throw new AppError('KEY_MISSING', { [STATEMENT_FILE_FIELD]: 'KEY_MISSING' });
  return { fields, bytes };
}

function uploadOf(fields: StatementUploadFields, bytes: Buffer): StatementUpload {
  return { accountNo: fields.accountNo, format: fields.format, bytes };
}

/**
 * Statement files (docs/backoffice/statement-import.md): the operator bank accounts and their layouts, a file's
 * preview, and its import. Admin and finance, as every money screen.
 */
export function statementImportRoutes(route: OperatorRouter, statements: StatementImportService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.statementAccounts,
    auth: true,
    roles: MONEY_ROLES,
    summary: "The operator's bank accounts of the deposit channels, each with the statement layouts of its bank",
    tags,
    response: statementAccounts,
    handler: () => statements.accounts(),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.statementPreview,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      `Read a statement file without recording anything: multipart, "accountNo", "format" and the file in ` +
      `"${STATEMENT_FILE_FIELD}" (at most ${STATEMENT_BYTES_MAX} bytes). 400 STATEMENT_INVALID names the row`,
    tags,
    response: statementPreview,
    handler: async ({ request }) => {
      const { fields, bytes } = await readUpload(request);
      return statements.preview(uploadOf(fields, bytes));
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.statementImport,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      'Record the credit lines of the statement file previewed: the same multipart and the preview\'s "fileSha256" ' +
      '(409 STATEMENT_CHANGED for another file); each line matched, in suspense, or already recorded. Audited',
    tags,
    response: statementImportResult,
    handler: async ({ request, auth }) => {
      const { fields, bytes } = await readUpload(request);
      if (fields.fileSha256 === undefined) throw new AppError('KEY_MISSING', { fileSha256: 'KEY_MISSING' });
      return statements.import(uploadOf(fields, bytes), fields.fileSha256, callerOf(auth, request));
    },
  });
}
