import { expect, it } from 'vitest';
import { teamInitials } from '../../machines/rules/teamInitials';

it('letters a badge from the first two words of a team’s name', () => {
  expect(teamInitials('Lioli FC')).toBe('LF');
  expect(teamInitials('Matlama')).toBe('M');
  expect(teamInitials('Lesotho Defence Force')).toBe('LD');
  expect(teamInitials('  bantu   fc ')).toBe('BF');
  expect(teamInitials('Likhopo-Maseru')).toBe('LM');
  expect(teamInitials('"Ts’ehlo" United')).toBe('TU');
  expect(teamInitials('1. FC Köln')).toBe('1F');
  expect(teamInitials('')).toBe('?');
  expect(teamInitials('—')).toBe('?');
});
