/**
 * Frozen copy of the bundled lotteries' operators and terms for migration 1796970000000. Never edit: a migration must
 * do the same thing forever.
 *
 * Made from apps/api/data/draws/lotteries.json of the commit that shipped the migration (its `operator` and
 * `terms`, as written there).
 */
export interface FrozenOperatorTerms {
  tag: string;
  operator: string;
  terms: string;
}

export const OPERATOR_TERMS_1796970000000: FrozenOperatorTerms[] = [
  { tag: 'us_powerball', operator: 'Multi-State Lottery Association', terms: 'Open NY terms (data.ny.gov)' },
  {
    tag: 'us_megamillions',
    operator: 'Mega Millions consortium of US lotteries',
    terms: 'Open NY terms (data.ny.gov)',
  },
  { tag: 'us_ny_lotto', operator: 'New York Lottery', terms: 'Open NY terms (data.ny.gov)' },
  { tag: 'us_ny_take5', operator: 'New York Lottery', terms: 'Open NY terms (data.ny.gov)' },
  {
    tag: 'us_cash4life',
    operator: 'New Jersey Lottery and partner lotteries',
    terms: 'Open NY terms (data.ny.gov)',
  },
  { tag: 'eu_euromillions', operator: 'Française des Jeux (for EuroMillions)', terms: 'none found' },
  { tag: 'uk_lotto', operator: 'Allwyn (UK National Lottery)', terms: 'none found' },
  { tag: 'fr_lotto', operator: 'Française des Jeux', terms: 'none found' },
  {
    tag: 'de_lotto',
    operator: 'Deutscher Lotto- und Totoblock',
    terms: 'LGPL-3.0 (the archive); none found (DLTB)',
  },
  {
    tag: 'eu_eurojackpot',
    operator: 'Eurojackpot lotteries (draws in Helsinki)',
    terms: 'Veikkaus API licence agreement',
  },
  { tag: 'ca_lotto649', operator: 'Interprovincial Lottery Corporation (BCLC)', terms: 'none found' },
  { tag: 'ca_lottomax', operator: 'Interprovincial Lottery Corporation (BCLC)', terms: 'none found' },
  { tag: 'it_superenalotto', operator: 'Sisal Lotteries Italia', terms: 'none found' },
  { tag: 'au_ozlotto', operator: 'The Lottery Corporation', terms: 'none found' },
  { tag: 'au_powerball', operator: 'The Lottery Corporation', terms: 'none found' },
  { tag: 'au_saturday_lotto', operator: 'The Lottery Corporation', terms: 'none found' },
  { tag: 'tx_lotto_texas', operator: 'Texas Lottery Commission', terms: 'none found' },
  { tag: 'hu_otoslotto', operator: 'Szerencsejáték Zrt.', terms: 'none found' },
  { tag: 'hu_hatoslotto', operator: 'Szerencsejáték Zrt.', terms: 'none found' },
  { tag: 'hu_skandinav', operator: 'Szerencsejáték Zrt.', terms: 'none found' },
  { tag: 'br_megasena', operator: 'CAIXA Econômica Federal', terms: 'none found' },
  { tag: 'br_lotofacil', operator: 'CAIXA Econômica Federal', terms: 'none found' },
  { tag: 'br_quina', operator: 'CAIXA Econômica Federal', terms: 'none found' },
  { tag: 'at_lotto', operator: 'Österreichische Lotterien', terms: 'MIT (the mirror); none found (win2day)' },
  { tag: 'tx_two_step', operator: 'Texas Lottery Commission', terms: 'none found' },
  { tag: 'kr_lotto645', operator: 'Donghaeng Lottery', terms: 'none found' },
  { tag: 'uk_thunderball', operator: 'Allwyn (UK National Lottery)', terms: 'none found' },
  { tag: 'eu_eurodreams', operator: 'Française des Jeux (for EuroDreams)', terms: 'none found' },
  { tag: 'il_lotto', operator: 'Mifal HaPais', terms: 'none found' },
  { tag: 'cz_sportka', operator: 'Sazka a.s.', terms: 'none found' },
];
