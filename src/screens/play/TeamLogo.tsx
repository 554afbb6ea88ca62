// A team's logo, or its lettered badge where there is no logo to draw (a team typed in by the round
// builder has no bundled badge; a logo not cached yet cannot load offline): never a broken-image icon.
import { useState } from 'react';
import { teamInitials } from '../../../machines/rules/teamInitials';

export function TeamLogo({ name, logo }: { name: string; logo: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!logo || failed === logo) {
    return (
      <span className="team-badge" aria-hidden="true" data-testid="team-badge">
        {teamInitials(name)}
      </span>
    );
  }
  return (
    <img
      src={logo}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(logo)}
    />
  );
}
