// Terms and conditions: the operator's text. Unguarded; the shell hides its header for visitors who are
// not signed in.
import { DocumentScreen } from './DocumentScreen';

export default function TncScreen() {
  return <DocumentScreen doc="terms" />;
}
