import type { License } from '../../app/api-types';
import type { Client } from '../../app/sdk';

/** Every license (a handful), across pages. */
export async function allLicenses(client: Client): Promise<License[]> {
  const licenses: License[] = [];
  for await (const license of client.licenses()) licenses.push(license);
  return licenses;
}
