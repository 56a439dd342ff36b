import { PhoneDesk } from '../features/workspace';
import { useOfferedPanels } from './panels';
import { PhoneTradeBar } from './PhoneTradeBar';

/** The phone's tab bar, ticket sheet and Buy/Sell bar: their own chunk, as the dock is the desk's. */
export default function PhoneLayout() {
  return <PhoneDesk panels={useOfferedPanels()} tradeBar={<PhoneTradeBar />} />;
}
