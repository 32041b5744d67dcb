import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { errorBody, Messages } from '../../../test/support/contract-errors';
import { createValidationPipe } from './validation.pipe';
import { refusalOf } from '../../../test/support/refusals';

const LIMIT_MESSAGE = Messages.invalidField('limit', 'a non-negative integer');
const TAG_MESSAGE = Messages.invalidField('tag', 'lower-case letters and underscores');
const NAME_MESSAGE = Messages.invalidField('name', 'a string');

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value === undefined ? undefined : NaN;

class PageQuery {
  @IsOptional()
  @Transform(toInteger)
  @Min(0, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;

  @IsOptional()
  @IsString()
  q?: string;
}

/** Another query DTO that accepts what PageQuery accepts. */
class OtherQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;
}

class TagParams {
  @Matches(/^[a-z_]+$/, { message: TAG_MESSAGE })
  tag!: string;
}

class IdParams {
  @IsString()
  id!: string;
}

class NameBody {
  @IsString({ message: NAME_MESSAGE })
  name!: string;

  @IsOptional()
  @IsString()
  note?: string;
}

const query = (metatype: ArgumentMetadata['metatype'] = PageQuery): ArgumentMetadata => ({
  type: 'query',
  metatype,
});
const params: ArgumentMetadata = { type: 'param', metatype: TagParams };
const body: ArgumentMetadata = { type: 'body', metatype: NameBody };

describe('MemoizingValidationPipe (the global pipe)', () => {
  let pipe: ValidationPipe;
  let validations: jest.SpyInstance;

  beforeEach(() => {
    pipe = createValidationPipe();
    // The pipe's own work is Nest's ValidationPipe (class-transformer, then class-validator): count its runs.
    validations = jest.spyOn(ValidationPipe.prototype, 'transform');
  });
  afterEach(() => jest.restoreAllMocks());

  describe('query strings and route parameters: outcomes remembered per DTO class', () => {
    it('validates a repeated query once and hands every request the same frozen, transformed value', async () => {
      const first = await pipe.transform({ limit: '5', q: 'x', unknown: 'stripped' }, query());
      const second = await pipe.transform({ limit: '5', q: 'x', unknown: 'stripped' }, query());
      expect(first).toBeInstanceOf(PageQuery);
      expect(first).toEqual({ limit: 5, q: 'x' });
      expect(Object.isFrozen(first)).toBe(true);
      expect(second).toBe(first);
      expect(validations).toHaveBeenCalledTimes(1);
    });

    it('remembers a refusal too: the same 400 again, without validating again', async () => {
      const first = await refusalOf(() => pipe.transform({ limit: '-1' }, query()));
      expect({ status: first.status, body: first.body }).toEqual({
        status: 400,
        body: errorBody.badRequest(LIMIT_MESSAGE),
      });
      const second = await refusalOf(() => pipe.transform({ limit: '-1' }, query()));
      expect(second.error).toBe(first.error);
      expect(validations).toHaveBeenCalledTimes(1);
    });

    it('remembers route parameters the same way', async () => {
      const first = await pipe.transform({ tag: 'us_powerball' }, params);
      expect(await pipe.transform({ tag: 'us_powerball' }, params)).toBe(first);
      const refused = await refusalOf(() => pipe.transform({ tag: 'US-Powerball' }, params));
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 400,
        body: errorBody.badRequest(TAG_MESSAGE),
      });
      expect((await refusalOf(() => pipe.transform({ tag: 'US-Powerball' }, params))).error).toBe(
        refused.error,
      );
      expect(validations).toHaveBeenCalledTimes(2);
    });

    it('keeps one outcome per value and per DTO class', async () => {
      const five = await pipe.transform({ limit: '5' }, query());
      const six = await pipe.transform({ limit: '6' }, query());
      const otherFive = await pipe.transform({ limit: '5' }, query(OtherQuery));
      expect([five, six, otherFive]).toEqual([{ limit: 5 }, { limit: 6 }, { limit: 5 }]);
      expect(otherFive).toBeInstanceOf(OtherQuery);
      expect(validations).toHaveBeenCalledTimes(3);
      expect(await pipe.transform({ limit: '6' }, query())).toBe(six);
      expect(await pipe.transform({ limit: '5' }, query(OtherQuery))).toBe(otherFive);
      expect(validations).toHaveBeenCalledTimes(3);
    });

    it('remembers at most 2,000 values per DTO class, forgetting the least recently used first', async () => {
      const first = await pipe.transform({ limit: '0' }, query());
      for (let i = 1; i < 2000; i++) await pipe.transform({ limit: String(i) }, query());
      // Used again: '0' is now the most recently used, '1' the least.
      expect(await pipe.transform({ limit: '0' }, query())).toBe(first);
      expect(validations).toHaveBeenCalledTimes(2000);

      const newest = await pipe.transform({ limit: '2000' }, query()); // the 2,001st: '1' goes, not '0'
      expect(validations).toHaveBeenCalledTimes(2001);
      expect(await pipe.transform({ limit: '0' }, query())).toBe(first);
      expect(await pipe.transform({ limit: '2000' }, query())).toBe(newest);
      expect(await pipe.transform({ limit: '1999' }, query())).toEqual({ limit: 1999 });
      expect(validations).toHaveBeenCalledTimes(2001);
      expect(await pipe.transform({ limit: '1' }, query())).toEqual({ limit: 1 });
      expect(validations).toHaveBeenCalledTimes(2002);
    });

    it('each pipe keeps its own outcomes', async () => {
      const mine = await pipe.transform({ limit: '5' }, query());
      const theirs = await createValidationPipe().transform({ limit: '5' }, query());
      expect(theirs).not.toBe(mine);
      expect(validations).toHaveBeenCalledTimes(2);
    });
  });

  describe('bodies: validated afresh every time', () => {
    it('validates an identical body twice and hands out a new, unfrozen value each time', async () => {
      const first = await pipe.transform({ name: 'n', extra: 'stripped' }, body);
      const second = await pipe.transform({ name: 'n', extra: 'stripped' }, body);
      expect(first).toBeInstanceOf(NameBody);
      expect(first).toEqual({ name: 'n' });
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      expect(Object.isFrozen(first)).toBe(false);
      expect(validations).toHaveBeenCalledTimes(2);
    });

    it("refuses a bad body with the first failed field's message", async () => {
      const refused = await refusalOf(() => pipe.transform({ name: 42 }, body));
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 400,
        body: errorBody.badRequest(NAME_MESSAGE),
      });
      expect((await refusalOf(() => pipe.transform({ name: 42 }, body))).error).not.toBe(refused.error);
    });
  });

  describe('unknown properties: dropped before class-transformer copies anything', () => {
    it('never reads an undeclared body property, and keeps the declared ones (inherited too)', async () => {
      class NoteBody extends NameBody {
        @IsOptional()
        @IsString()
        tag?: string;
      }
      // An unknown property that counts its reads: copying the body would read it.
      let reads = 0;
      const value = { name: 'n', note: 'kept', tag: 't' };
      Object.defineProperty(value, 'huge', {
        enumerable: true,
        get: () => {
          reads += 1;
          return 'x'.repeat(1000);
        },
      });
      const result = await pipe.transform(value, { type: 'body', metatype: NoteBody });
      expect(result).toEqual({ name: 'n', note: 'kept', tag: 't' });
      expect(reads).toBe(0);
      // Nest's own pipe (class-transformer, then class-validator) is handed the declared properties only.
      expect(validations.mock.calls[0][0]).toEqual({ name: 'n', note: 'kept', tag: 't' });
    });

    it('drops unknown query parameters before the outcome is remembered: one outcome for both', async () => {
      await pipe.transform({ limit: '5', cacheBuster: '1' }, query());
      const second = await pipe.transform({ limit: '5', cacheBuster: '2' }, query());
      expect(second).toEqual({ limit: 5 });
      expect(validations).toHaveBeenCalledTimes(1);
    });

    it('leaves what is not a plain object to the validator, and a body of a plain type alone', async () => {
      const refused = await refusalOf(() => pipe.transform([{ name: 'n' }], body));
      expect(refused.status).toBe(400);
      expect(await pipe.transform('date,main,special\n', { type: 'body', metatype: String })).toBe(
        'date,main,special\n',
      );
    });
  });

  describe('NUL characters (PostgreSQL cannot store them)', () => {
    it("refuses one in a query or a body with 400 naming the field's path", async () => {
      const inQuery = await refusalOf(() => pipe.transform({ q: 'a\0b' }, query()));
      expect({ status: inQuery.status, body: inQuery.body }).toEqual({
        status: 400,
        body: errorBody.badRequest(Messages.nulCharacter('q')),
      });
      const inBody = await refusalOf(() => pipe.transform({ name: 'n', note: '\0' }, body));
      expect(inBody.body).toEqual(errorBody.badRequest(Messages.nulCharacter('note')));
      const named = await refusalOf(() =>
        pipe.transform('x\0', { type: 'query', metatype: String, data: 'q' }),
      );
      expect(named.body).toEqual(errorBody.badRequest(Messages.nulCharacter('q')));
    });

    it('refuses a remembered query holding one every time, validating it once', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await refusalOf(() => pipe.transform({ q: '\0' }, query()))).body).toEqual(
          errorBody.badRequest(Messages.nulCharacter('q')),
        );
      }
      expect(validations).toHaveBeenCalledTimes(1);
    });

    it("lets a field's own rule speak first", async () => {
      const refused = await refusalOf(() => pipe.transform({ limit: '1\0' }, query()));
      expect(refused.body).toEqual(errorBody.badRequest(LIMIT_MESSAGE));
    });

    it('leaves one in a route parameter to its lookup (an id holding NUL is simply not found)', async () => {
      expect(await pipe.transform({ id: 'my\0token' }, { type: 'param', metatype: IdParams })).toEqual({
        id: 'my\0token',
      });
    });
  });
});
