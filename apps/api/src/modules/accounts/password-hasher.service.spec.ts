import { Test } from '@nestjs/testing';
import { OWASP_MINIMUM, PasswordHashCostModule } from './password-hash-cost';
import { PasswordHasher } from './password-hasher.service';

const LIGHT = { memoryCost: 1024, timeCost: 1 };

async function hasherWith(cost?: typeof LIGHT): Promise<PasswordHasher> {
  const moduleRef = await Test.createTestingModule({
    imports: [PasswordHashCostModule.register(cost)],
    providers: [PasswordHasher],
  }).compile();
  return moduleRef.get(PasswordHasher);
}

describe('PasswordHasher', () => {
  it("hashes at OWASP's minimum for argon2id unless given a cost", async () => {
    expect(OWASP_MINIMUM).toEqual({ memoryCost: 19_456, timeCost: 2 });
    const hash = await (await hasherWith()).hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('hashes at the cost given, and a check reads the cost from the stored hash', async () => {
    const light = await hasherWith(LIGHT);
    const service = await hasherWith();
    const lightHash = await light.hash('correct horse');
    expect(lightHash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    // A hash made at one cost is checked by a hasher at another: a change of cost locks no one out.
    expect(await service.verify(lightHash, 'correct horse')).toBe(true);
    expect(await light.verify(await service.hash('battery staple'), 'battery staple')).toBe(true);
    expect(await service.verify(lightHash, 'correct horsE')).toBe(false);
  });

  it('reads a malformed stored hash as a wrong password, and an unknown email as one too', async () => {
    const hasher = await hasherWith(LIGHT);
    expect(await hasher.verify('not-a-hash', 'correct horse')).toBe(false);
    expect(await hasher.verifyAgainstDummy('correct horse')).toBe(false);
  });
});
