/** One call to an outside party: JSON in and out, signed headers, a time-out. */
export interface PartyCall {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The JSON text of a POST. */
  body?: string;
  timeoutMs: number;
  /** The error to throw when the party cannot be reached (its outcome is unknown). */
  unreachable: (cause: unknown) => Error;
}

/** The party's answer: the HTTP status and the parsed JSON object, or null when the body was not JSON. */
export async function callParty(
  call: PartyCall,
): Promise<{ status: number; ok: boolean; answer: Record<string, unknown> | null }> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: { ...call.headers, ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(call.method === 'POST' ? { body: call.body ?? '' } : {}),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    throw call.unreachable(error);
  }
  const parsed: unknown = await response.json().catch(() => null);
  const answer = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  return { status: response.status, ok: response.ok, answer };
}
