import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * Nest's Reflector, remembering each answer. Route metadata (decorators on controllers and handlers) is fixed
 * once the application has started, yet guards read it on every request: @nestjs/throttler alone asks for six
 * keys per throttler, each a walk of reflect-metadata's maps (measured at ≈ 7% of a metered read).
 */
@Injectable()
export class StaticReflector extends Reflector {
  private readonly answers = new WeakMap<object, Map<unknown, unknown>>();

  /** Per handler: the answers for the controller it was first asked with (a handler nearly always has one). */
  private readonly overrides = new WeakMap<object, { controller: object; answers: Map<unknown, unknown> }>();
  /** Handlers asked with another controller too (inherited handlers): per controller. */
  private readonly inherited = new WeakMap<object, WeakMap<object, Map<unknown, unknown>>>();

  /** Guards ask this for [handler, class] on every request: remembered per handler, class and key. */
  override getAllAndOverride(metadataKey: unknown, targets: object[]): never {
    const [handler, controller] = targets;
    if (targets.length !== 2 || !handler || !controller) {
      return super.getAllAndOverride(metadataKey as string, targets as never);
    }
    const answers = this.answersFor(handler, controller);
    let answer = answers.get(metadataKey);
    if (answer === undefined && !answers.has(metadataKey)) {
      answer = super.getAllAndOverride(metadataKey as string, targets as never);
      answers.set(metadataKey, answer);
    }
    return answer as never;
  }

  private answersFor(handler: object, controller: object): Map<unknown, unknown> {
    const first = this.overrides.get(handler);
    if (!first) {
      const answers = new Map<unknown, unknown>();
      this.overrides.set(handler, { controller, answers });
      return answers;
    }
    if (first.controller === controller) return first.answers;
    let byClass = this.inherited.get(handler);
    if (!byClass) this.inherited.set(handler, (byClass = new WeakMap()));
    let answers = byClass.get(controller);
    if (!answers) byClass.set(controller, (answers = new Map()));
    return answers;
  }

  override get(metadataKey: unknown, target: object): never {
    let answers = this.answers.get(target);
    if (!answers) this.answers.set(target, (answers = new Map()));
    if (!answers.has(metadataKey)) {
      answers.set(metadataKey, super.get(metadataKey as string, target as never));
    }
    return answers.get(metadataKey) as never;
  }
}
