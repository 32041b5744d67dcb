import { LotteryApiError } from '@lottery-results/sdk';
import { useQuery } from '@tanstack/react-query';
import type { License } from '../../app/api-types';
import { publicClient } from '../../app/sdk';

export const landingKeys = {
  /** The license a new account gets (GET /licenses/default): public, the same for every visitor. */
  defaultLicense: ['licenses', 'default'] as const,
};

/** The license a new account gets, or null when the service gives none (404). */
async function readDefaultLicense(): Promise<License | null> {
  try {
    return await publicClient().account.defaultLicense();
  } catch (error) {
    if (error instanceof LotteryApiError && error.status === 404) return null;
    throw error;
  }
}

export function useDefaultLicense() {
  return useQuery({ queryKey: landingKeys.defaultLicense, queryFn: readDefaultLicense });
}
