/** Swagger examples of the ticket check (contract section 9). */
export const CHECK_REQUEST_EXAMPLES = {
  latest: {
    summary: 'Two Powerball lines against the latest draw',
    value: {
      tickets: [
        { main: [3, 11, 26, 40, 62], special: [7] },
        { main: [1, 2, 3, 4, 5], special: [26] },
      ],
    },
  },
  oneDate: {
    summary: 'One line against the draw of a date',
    value: { tickets: [{ main: [3, 11, 26, 40, 62], special: [7] }], date: '2026-08-05' },
  },
  oneRound: {
    summary: 'UK Lotto: the second round of a date alone (without `round`: every round of the date)',
    value: { tickets: [{ main: [4, 9, 17, 23, 38, 51] }], date: '2026-06-10', round: 2 },
  },
  history: {
    summary: 'Has this line ever won? (the draws since 2015-10-07: only the wins are listed)',
    value: { tickets: [{ main: [3, 11, 26, 40, 62], special: [7] }], from: '2015-10-07' },
  },
  wholeHistory: {
    summary: 'The whole history: the draws of eras the line does not fit (62 before 2015-10-07) are skipped',
    value: { tickets: [{ main: [3, 11, 26, 40, 62], special: [7] }], to: '2026-08-05' },
  },
  bonusBall: {
    summary: 'UK Lotto: main numbers only (the bonus ball is drawn from the main pool)',
    value: { tickets: [{ main: [4, 9, 17, 23, 38, 51] }] },
  },
};

export const CHECK_RESULT_EXAMPLE = {
  lottery: 'us_powerball',
  from: '2026-08-05',
  to: '2026-08-05',
  draws: 1,
  tickets: [
    {
      main: [3, 11, 26, 40, 62],
      special: [7],
      results: [
        {
          date: '2026-08-05',
          main: [11, 40],
          special: [7],
          division: {
            rank: 7,
            match: { main: 2, special: 1 },
            prize: { type: 'fixed', amount: 7, currency: 'USD' },
          },
        },
      ],
    },
  ],
};
