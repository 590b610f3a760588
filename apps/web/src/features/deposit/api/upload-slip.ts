import { API } from '@member-wallet/contract/api-paths';
import { TIMEOUT_MS } from '@member-wallet/contract/constants';
import { SLIP_FILE_FIELD, type SlipUploadResponse, slipUploadResponse } from '@member-wallet/contract/slip';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload.ts';

/** Uploads a slip picture with the 300 s time-out of spec section 9, reporting progress from 0 to 1. */
export function uploadSlip(file: File, onProgress: (fraction: number) => void): Promise<SlipUploadResponse> {
  return uploadFile(API.walletSlip, {
    field: SLIP_FILE_FIELD,
    file,
    timeoutMs: TIMEOUT_MS.upload,
    onProgress,
    schema: slipUploadResponse,
  });
}

export function useUploadSlip(onProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadSlip(file, onProgress) });
}
