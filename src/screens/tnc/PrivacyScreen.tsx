// The privacy policy: the operator's text, unguarded like the terms.
import { DocumentScreen } from './DocumentScreen';

export default function PrivacyScreen() {
  return <DocumentScreen doc="privacy" />;
}
