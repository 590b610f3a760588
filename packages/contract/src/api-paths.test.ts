import { describe, expect, it } from 'vitest';
import { API, API_ROUTES, fillPath } from './api-paths.ts';

describe('the paths with parts, one pattern for the server and the client', () => {
  it("fills each part as one encoded path segment, so a member's text can never add a segment", () => {
    expect(API.walletActivate('PG')).toBe('/api/wallet/activate/PG');
    expect(API.promotionFind('A/B C')).toBe('/api/promotion/find/A%2FB%20C');
    expect(API.qrcodeDelete('KBANK', '7')).toBe('/api/qrcode/KBANK/7');
    expect(API.autoLogin('pg', 'u1')).toBe('/api/autoLogin/pg/u1');
    expect(API.autoLogin('askmebet', 'u1', 'p/1')).toBe('/api/autoLogin/askmebet/u1/p%2F1');
  });

  it("answers the server's route pattern when each part is filled with its own name", () => {
    // Fastify reads `:name`; filled with `:name` itself a builder gives the pattern back, encoded colon aside.
    const decoded = (path: string) => decodeURIComponent(path);
    expect(decoded(API.walletActivate(':slotCode'))).toBe(API_ROUTES.walletActivate);
    expect(decoded(API.statementSlipReference(':reference'))).toBe(API_ROUTES.statementSlipReference);
    expect(decoded(API.qrcodeDelete(':gateway', ':qrcodeId'))).toBe(API_ROUTES.qrcodeDelete);
    expect(decoded(API.bonusActivate(':code'))).toBe(API_ROUTES.bonusActivate);
    expect(decoded(API.autoLogin('imi', ':username', ':password'))).toBe(API_ROUTES.autoLogin('imi', true));
  });

  it('leaves a part it is not given as it is', () => {
    expect(fillPath('/api/qrcode/:gateway/:qrcodeId', { gateway: 'FP' })).toBe('/api/qrcode/FP/:qrcodeId');
  });
});
