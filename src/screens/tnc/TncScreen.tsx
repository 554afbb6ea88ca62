// Terms: a placeholder until the terms text exists. Unguarded; the shell hides its header
// for visitors who are not signed in.
import { Trans } from '@lingui/react/macro';

export default function TncScreen() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Terms and conditions</Trans>
      </h1>
      <p className="tnc-pending">
        <Trans>TNC PENDING</Trans>
      </p>
    </section>
  );
}
