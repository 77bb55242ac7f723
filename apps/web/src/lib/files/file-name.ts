/** A name a file system accepts: characters no system allows become "_"; empty gives `fallback`. */
export function safeFileName(text: string, fallback = 'setup'): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return text.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_').trim() || fallback;
}
