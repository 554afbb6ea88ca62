// A word too long for a narrow phone column (team and tournament names, wallet references) is
// broken in two with a hyphen and a space after the first piece, so the line can wrap there.

/** Longest word kept whole: wider ones overflow a 360 px card at the body font size. */
export const MAX_WORD = 14;

export const breakLongWords = (text: string, max = MAX_WORD): string =>
  text.replace(new RegExp(`\\S{${max + 1},}`, 'gu'), (word) => {
    const chars = [...word];
    return `${chars.slice(0, max).join('')}- ${chars.slice(max).join('')}`;
  });
