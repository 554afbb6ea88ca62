// A team without a logo shows its lettered badge, never a broken-image icon (issue 27, point 10).
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { TeamLogo } from '../../src/screens/play/TeamLogo';

it('draws the logo, and the lettered badge once the logo fails to load', () => {
  const { container } = render(<TeamLogo name="Lioli FC" logo="/logos/lioli-fc.svg" />);
  const img = container.querySelector('img');
  expect(img).toHaveAttribute('src', '/logos/lioli-fc.svg');
  expect(screen.queryByTestId('team-badge')).toBeNull();
  fireEvent.error(img!);
  expect(container.querySelector('img')).toBeNull();
  expect(screen.getByTestId('team-badge')).toHaveTextContent('LF');
});

it('letters a team that has no logo at all, and tries a new logo when one comes', () => {
  const { container, rerender } = render(<TeamLogo name="Likhopo Maseru" logo="" />);
  expect(screen.getByTestId('team-badge')).toHaveTextContent('LM');
  rerender(<TeamLogo name="Likhopo Maseru" logo="/logos/likhopo.svg" />);
  expect(container.querySelector('img')).toHaveAttribute('src', '/logos/likhopo.svg');
});
