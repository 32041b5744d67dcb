import type { CliContext, CliIo } from '../../../common/cli/cli-context';
import { EXIT_OK } from '../../../common/cli/cli-context';
import { LotteryCatalog } from '../../catalog/lottery-catalog.service';

/** `lotteries`: one line per lottery with its draw count and date range, as an aligned table. */
export async function listLotteriesCommand(context: CliContext, io: CliIo): Promise<number> {
  const lotteries = context.get(LotteryCatalog).records();
  const rows = [
    ['TAG', 'DRAWS', 'FIRST', 'LAST', 'NAME'],
    ...lotteries.map((l) => [l.tag, String(l.drawCount), l.firstDraw ?? '-', l.lastDraw ?? '-', l.name]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    io.out(
      row
        .map((cell, column) => (column === 1 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
        .join('  ')
        .trimEnd(),
    );
  }
  const total = lotteries.reduce((sum, l) => sum + l.drawCount, 0);
  io.out(`${lotteries.length} lotteries, ${total} draws.`);
  return EXIT_OK;
}
