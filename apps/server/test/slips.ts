import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { bearer, type TestApp } from './helpers.ts';

/** Test helpers of slips: multipart bodies as a browser sends them, and pictures with QR codes. */

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body with the given file parts (and plain fields). */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename ?? 'slip.png'}"\r\n` +
          `content-type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadSlip(t: TestApp, token: string, files: FilePart[], fields: Record<string, string> = {}) {
  const body = multipartBody(files, fields);
  return t.api({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A white PNG of the size with the QR codes of `texts` drawn one under another (module of `scale` pixels). */
export function qrPng(texts: string[], width = 480, height = 860, scale = 6): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  let top = 40;
  for (const text of texts) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const left = Math.floor((width - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (!modules.get(row, column)) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const at = ((top + row * scale + dy) * width + left + column * scale + dx) * 4;
            png.data[at] = 0;
            png.data[at + 1] = 0;
            png.data[at + 2] = 0;
          }
        }
      }
    }
    top += Math.floor(height / 2);
  }
  return PNG.sync.write(png);
}

export function blankPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

/** The same picture as a JPEG. */
export function pngToJpeg(bytes: Buffer, quality = 90): Buffer {
  const png = PNG.sync.read(bytes);
  return jpeg.encode({ width: png.width, height: png.height, data: png.data }, quality).data;
}

/** A valid PNG signature and IHDR claiming a huge picture, with no pixels behind it. */
export function bombPng(width = 50_000, height = 50_000): Buffer {
  const real = blankPng(10, 10);
  const bytes = Buffer.from(real);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** The PNG with a private ancillary chunk of `extraBytes` before IEND: still a valid picture, only larger. */
export function paddedPng(png: Buffer, extraBytes: number): Buffer {
  const type = Buffer.from('prVt', 'latin1');
  const data = Buffer.alloc(extraBytes, 0x2a);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(extraBytes);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  const iendAt = png.length - 12;
  return Buffer.concat([png.subarray(0, iendAt), length, type, data, crc, png.subarray(iendAt)]);
}
