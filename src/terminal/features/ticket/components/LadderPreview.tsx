import type { LadderLeg } from '../model/ladder';

/** The ladder's orders before they are added: price and quantity of each. */
export function LadderPreview({ legs }: { legs: readonly LadderLeg[] }) {
  return (
    <table className="ladder-preview" aria-label="Ladder preview">
      <thead>
        <tr>
          <th>#</th>
          <th className="right">Price</th>
          <th className="right">Quantity</th>
        </tr>
      </thead>
      <tbody>
        {legs.map((leg, index) => (
          <tr key={index}>
            <td className="muted">{index + 1}</td>
            <td className="num right">{leg.price}</td>
            <td className="num right">{leg.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
