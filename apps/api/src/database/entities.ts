import { Account } from '../modules/accounts/account.entity';
import { Draw } from '../modules/draws/draw.entity';
import { License } from '../modules/licenses/license.entity';
import { Lottery } from '../modules/lotteries/lottery.entity';
import { TokenUsageDaily } from '../modules/metering/token-usage-daily.entity';
import { UsageDaily } from '../modules/metering/usage-daily.entity';
import { ApiToken } from '../modules/tokens/api-token.entity';

export const ENTITIES = [License, Account, ApiToken, UsageDaily, TokenUsageDaily, Lottery, Draw];
