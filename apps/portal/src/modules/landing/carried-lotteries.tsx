import { useLotteryList } from '../../components/lottery-list-queries';

/**
 * The lotteries this service carries, by name, from its public directory (no account needed). Quiet while it
 * loads or when it cannot be read: the rest of the page says what the service does without it.
 */
export function CarriedLotteries() {
  const list = useLotteryList();
  if (!list.data || list.data.length === 0) return null;
  const names = [...list.data].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section className="card" aria-labelledby="carried-title">
      <h2 id="carried-title">{names.length} lotteries</h2>
      <ul className="carried-lotteries" data-testid="carried-lotteries">
        {names.map((lottery) => (
          <li key={lottery.tag}>
            {lottery.name} <code>{lottery.tag}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
