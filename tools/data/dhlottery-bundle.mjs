#!/usr/bin/env node
// Builds the bundled South Korean Lotto 6/45 history from real answers of Donghaeng Lottery's own results API (the
// JSON its result page https://m.dhlottery.co.kr/lt645/result loads), kept byte for byte in
// apps/api/test/fixtures/sources/dhlottery/ (provenance in apps/api/test/fixtures/sources/README.md):
//
//   apps/api/data/draws/kr_lotto645.csv    the draws (date,main,special)
//   apps/api/data/prizes/kr_lotto645.csv   winners and what one winning line was paid, per rank (KRW)
//
//   node tools/data/dhlottery-bundle.mjs            writes them
//   node tools/data/dhlottery-bundle.mjs --check    writes nothing; fails when a committed file differs
//
// Each file is one answer of `selectPstLt645InfoNew.do?srchDir=center&srchLtEpsd=1241` or `…srchDir=older&
// srchCursorLtEpsd=N` (10 draws, newest first), as the repository below saved it with its sha256 in its
// data/source-manifest.json: the sha256 (and the size) of every file is checked against that manifest. An answer is
// `{"resultCode":null,"resultMessage":null,"data":{"list":[…]}}`; a draw is `ltEpsd` (the draw number),
// `ltRflYmd` (YYYYMMDD), `tm1WnNo`..`tm6WnNo` (ascending as published), `bnsWnNo` (the bonus number, drawn from the
// same 45 balls), `rnkNWnNope` / `rnkNWnAmt` (winners of rank N, what one winning line was paid). Every draw is
// checked: 6 distinct numbers 1-45 and a bonus outside them, a Saturday, draw numbers contiguous and one week apart,
// and no draw twice with different values. The output is deterministic.
import { join } from 'node:path';
import { CHECK, ROOT, drawsCsv, exitFail, prizeCsv, readPinnedCopy, writeOrCheck } from './bundle-io.mjs';

const FIXTURES = join(ROOT, 'apps/api/test/fixtures/sources/dhlottery');
const TAG = 'kr_lotto645';
const OUTPUTS = {
  draws: join(ROOT, `apps/api/data/draws/${TAG}.csv`),
  prizes: join(ROOT, `apps/api/data/prizes/${TAG}.csv`),
};
const REPO = 'haepikkaebaso-syb/Generate-luck';
const COMMIT = '250a81e7c7f98f281592f4816b7522b5a825df1c';
/** The files read, with the size and sha256 the repository's data/source-manifest.json gives for each. */
const FILES = [
  ['center-1241', 6274, '4e20ee02f57f0374f911cf2bdbdfa40e9f90f4ceef1ae4ce24a100c6141e42ac'],
  ['older-1232', 6274, 'f7700ba0fee727b1d00d7b929fed9bfc219b048fb76a3bd5979cc64a668ff400'],
  ['older-1222', 6275, '334c672a5fa589b2bd922f8626c937e9e24a2b844e1f2aeec934159de97c0946'],
  ['older-1212', 6272, 'bdd0ee25f6ebfc45bf8acd9fa5fe23268f907b29f6bc742ca2068cc49bbdb5b9'],
  ['older-1202', 6268, 'b83d13f10703f268bb168bb43394fbbb1089c2d1e8a29ce2fcfecf1119e8ee1f'],
  ['older-1192', 6271, '554aa90557dd6e91bac47c19cc9f75696b285f6c7dfe120ccbc40054397e00aa'],
  ['older-1182', 6263, '6d57a838da19c7fd618ba948e2f771381e2ea5fffab293814ee107132f293351'],
  ['older-1172', 6275, '0d27d06b57e1b1eec59f06dd6201ddfeab904343f382c35aca881a085eeb2ecb'],
  ['older-1162', 6274, '39677059463c69712fd4a3a544a30a73f6ed3cd3f56828538c1d30f5dfc592d4'],
  ['older-1152', 6261, '5281c72d049e015ae21d8d1cd92cd2ba3c7237529311e85a162e36e0b27a1c3a'],
  ['older-1142', 6266, 'f0231fb74468b120a307bbda8f8aed017f8af7ba1f349d979165f02b3d250d8b'],
];
const RANKS = 5;

const fail = exitFail('dhlottery-bundle');
const isWhole = (value) => Number.isSafeInteger(value) && value >= 0;

function readAnswer([name, size, sha256]) {
  const file = join(FIXTURES, `${name}.json`);
  const pin = { file, size, sha256, repo: REPO, commit: COMMIT, path: `data/raw/${name}.json` };
  const bytes = readPinnedCopy(pin, fail);
  const answer = JSON.parse(bytes.toString('utf8'));
  const list = answer?.data?.list;
  if (!Array.isArray(list) || list.length !== 10) fail(`${name}: expected data.list of 10 draws`);
  return list.map((item, index) => readDraw(item, `${name}.json#${index + 1}`));
}

function readDraw(item, at) {
  const number = item.ltEpsd;
  const ymd = String(item.ltRflYmd ?? '');
  if (!isWhole(number) || !/^\d{8}$/.test(ymd)) fail(`${at}: no draw number or date`);
  const date = `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (parsed.toISOString().slice(0, 10) !== date) fail(`${at}: no date ${date}`);
  if (parsed.getUTCDay() !== 6) fail(`${at}: ${date} is not a Saturday`);
  const main = [1, 2, 3, 4, 5, 6].map((i) => item[`tm${i}WnNo`]);
  const bonus = item.bnsWnNo;
  if (![...main, bonus].every((n) => Number.isInteger(n) && n >= 1 && n <= 45))
    fail(`${at}: a number out of 1-45`);
  if (new Set([...main, bonus]).size !== 7) fail(`${at}: a number is repeated`);
  const ranks = [];
  for (let rank = 1; rank <= RANKS; rank++) {
    const winners = item[`rnk${rank}WnNope`];
    const amount = item[`rnk${rank}WnAmt`];
    if (!isWhole(winners) || !isWhole(amount))
      fail(`${at}: rank ${rank} winners or amount is not a whole number`);
    ranks.push({ winners, amount });
  }
  return { number, date, main, bonus, ranks, at };
}

function build() {
  const byNumber = new Map();
  for (const file of FILES)
    for (const draw of readAnswer(file)) {
      const seen = byNumber.get(draw.number);
      if (seen && JSON.stringify({ ...seen, at: '' }) !== JSON.stringify({ ...draw, at: '' }))
        fail(`draw ${draw.number} differs between ${seen.at} and ${draw.at}`);
      if (!seen) byNumber.set(draw.number, draw);
    }
  const draws = [...byNumber.values()].sort((a, b) => a.number - b.number);
  for (let i = 1; i < draws.length; i++) {
    const [before, draw] = [draws[i - 1], draws[i]];
    const days = (Date.parse(draw.date) - Date.parse(before.date)) / 86_400_000;
    if (draw.number !== before.number + 1 || days !== 7)
      fail(
        `draw ${draw.number} (${draw.date}) does not follow draw ${before.number} (${before.date}) a week later`,
      );
  }
  const prizeRows = draws.map((d) => {
    // The jackpot is not published as such (a sole rank-1 winner's amount would be it; none in this span).
    const cells = [d.date, '1', 'KRW', '', d.ranks[0].winners > 0 ? 'true' : 'false', '', '', ''];
    // An amount is what one winning line was paid: none where nobody won the rank.
    for (const { winners, amount } of d.ranks)
      cells.push(String(winners), winners > 0 ? String(amount) : '', '');
    cells.push(`${REPO}@${COMMIT.slice(0, 8)}:data/raw/${d.at}`);
    return cells.join(',');
  });
  const summary =
    `${draws.length} draws ${draws[0].date}..${draws.at(-1).date} (draws ${draws[0].number}..${draws.at(-1).number})` +
    `; rank 4 paid ${[...new Set(draws.map((d) => d.ranks[3].amount))].join('/')} and rank 5 ` +
    `${[...new Set(draws.map((d) => d.ranks[4].amount))].join('/')} KRW in every draw`;
  return {
    files: [
      [OUTPUTS.draws, drawsCsv(draws.map((d) => ({ ...d, special: [d.bonus] })))],
      [OUTPUTS.prizes, prizeCsv(RANKS, prizeRows)],
    ],
    summary,
  };
}

const { files, summary } = build();
for (const [path, text] of files)
  if (!writeOrCheck(path, text)) fail(`${path} differs from what the answers give: run without --check`);
console.log(
  CHECK
    ? `${TAG} is up to date: ${summary}`
    : `wrote ${files.map(([p]) => p.slice(ROOT.length + 1)).join(', ')}: ${summary}`,
);
