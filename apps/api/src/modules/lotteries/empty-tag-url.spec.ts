import { rewriteEmptyLotteryTag } from './empty-tag-url';

describe('rewriteEmptyLotteryTag', () => {
  it.each([
    ['/lottery//draw/numbers', '/lottery/%20/draw/numbers'],
    ['/lottery//draw/latest/numbers?sort_number=1', '/lottery/%20/draw/latest/numbers?sort_number=1'],
    ['/lottery//draw/2024-01-02/numbers', '/lottery/%20/draw/2024-01-02/numbers'],
    ['/lottery//draws', '/lottery/%20/draws'],
    ['/lottery//', '/lottery/%20/'],
    ['/admin/lotteries//draws/import', '/admin/lotteries/%20/draws/import'],
  ])('turns the empty tag of %s into a blank one', (url, rewritten) => {
    expect(rewriteEmptyLotteryTag(url)).toBe(rewritten);
  });

  it.each([
    '/lottery',
    '/lottery/',
    '/lottery?limit=1',
    '/lotteries',
    '/lottery/us_powerball/draw/numbers',
    '/docs//x',
  ])('leaves %s alone', (url) => {
    expect(rewriteEmptyLotteryTag(url)).toBe(url);
  });
});
