// The letters of a team's badge when it has no logo (a team the round builder typed in, or a logo the
// phone could not load offline): the first letters of its first two words, "Lioli FC" → "LF".

export function teamInitials(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[\s\-_.]+/)
    .filter((w) => /\p{L}|\p{N}/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}
