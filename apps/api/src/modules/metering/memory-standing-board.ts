import type { OthersStanding, Standing, StandingBoard } from './quota-authority';

/**
 * The standing board in memory, for unit specs: several QuotaAuthority instances on one board behave as
 * instances on one PostgreSQL. As there, a publish reads the others before its own write lands; `delayMs` holds
 * each publish (a slow database), and `down` makes them fail (PostgreSQL away).
 */
export class MemoryStandingBoard implements StandingBoard {
  readonly rows = new Map<string, Standing>();
  delayMs = 0;
  down = false;

  async publish(id: string, standing: Standing): Promise<OthersStanding> {
    if (this.down) throw new Error('connect ECONNREFUSED (the board is down in this test)');
    const others = [...this.rows].filter(([other]) => other !== id).map(([, row]) => row);
    const seen: OthersStanding = {
      away: others.some((row) => row.away),
      countsInRedis: others.some((row) => row.countsInRedis),
      chargesLedger: others.some((row) => row.chargesLedger),
    };
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.rows.set(id, { ...standing });
    return seen;
  }

  async withdraw(id: string): Promise<void> {
    this.rows.delete(id);
  }
}
