import { DockDesk } from '../features/workspace';
import { withHeaders } from './panelHeaders';
import { PANELS } from './panels';

// The dock's tabs call each panel's header hook; the headers read the ticket, the held orders, the
// journal and the approvals, so they come in this chunk with the dock's code, not in the first load.
const panels = withHeaders(PANELS);

export default function Dock() {
  return <DockDesk panels={panels} />;
}
