import { Injectable } from '@nestjs/common';

/** The current time, injectable so that tests can move across month boundaries. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
