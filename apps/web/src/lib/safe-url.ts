/** Links and images from lookups may only use these schemes; anything else (javascript:) is dropped. */
export function safeLinkUrl(url: string): string | undefined {
  return /^(https?:|line:)/i.test(url.trim()) ? url.trim() : undefined;
}

export function safeImageUrl(url: string): string | undefined {
  const value = url.trim();
  if (/^https?:/i.test(value) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);/i.test(value)) return value;
  return value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}
