// The translated stand-in for screens that are not built yet.
import { Trans } from '@lingui/react/macro';

export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>
        <Trans>Coming soon. This part of Jackpot 14 is being prepared.</Trans>
      </p>
    </section>
  );
}
