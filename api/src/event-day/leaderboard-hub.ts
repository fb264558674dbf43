import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { EventDayService } from './event-day.service';

type Listener = { send(data: string): void; end(): void };
type Watch = { listeners: Set<Listener>; last: string | null; timer: NodeJS.Timeout; busy: boolean };

/** How often an event with viewers is read again (one query set per event and process, whatever the viewers). */
const EVERY_MS = 1000;

/**
 * The live leaderboards: each event watched in this process is read from the database once a second
 * and its viewers get the new standings when they changed (server-sent events). Reading the database,
 * not a message in memory, keeps it right with several API processes: a score stored by any of them
 * shows on every screen within about a second.
 */
@Injectable()
export class LeaderboardHub implements OnModuleDestroy {
  private readonly watches = new Map<string, Watch>();
  /** Streams open in this process (every event): at most LEADERBOARD_STREAMS. */
  private open = 0;

  constructor(
    private readonly events: EventDayService,
    @Inject(CONFIG) private readonly config: Pick<AppConfig, 'leaderboardStreams'>,
  ) {}

  /** The streams this process holds now (the `leaderboard_streams` metric). */
  get streams(): number {
    return this.open;
  }

  /** Takes one of the process's stream places; false when all LEADERBOARD_STREAMS are taken. */
  reserve(): boolean {
    if (this.open >= this.config.leaderboardStreams) return false;
    this.open += 1;
    return true;
  }

  /** Gives a place back (once per successful reserve). */
  release(): void {
    this.open = Math.max(0, this.open - 1);
  }

  /** Adds a viewer; it gets the current standings at once, then each change. Returns its removal. */
  watch(eventId: string, listener: Listener): () => void {
    let w = this.watches.get(eventId);
    if (!w) {
      const watch: Watch = {
        listeners: new Set(),
        last: null,
        busy: false,
        timer: setInterval(() => void this.tick(eventId), EVERY_MS),
      };
      watch.timer.unref();
      this.watches.set(eventId, watch);
      w = watch;
    } else if (w.last) listener.send(w.last);
    w.listeners.add(listener);
    if (!w.last) void this.tick(eventId);
    return () => this.unwatch(eventId, listener);
  }

  private unwatch(eventId: string, listener: Listener) {
    const w = this.watches.get(eventId);
    if (!w) return;
    w.listeners.delete(listener);
    if (!w.listeners.size) {
      clearInterval(w.timer);
      this.watches.delete(eventId);
    }
  }

  private async tick(eventId: string) {
    const w = this.watches.get(eventId);
    if (!w || w.busy) return;
    w.busy = true;
    try {
      const data = JSON.stringify(await this.events.leaderboard(eventId));
      if (data !== w.last) {
        w.last = data;
        for (const l of w.listeners) l.send(data);
      }
    } catch {
      // A database hiccup: the next tick tries again; viewers keep what they have.
    } finally {
      w.busy = false;
    }
  }

  onModuleDestroy() {
    for (const w of this.watches.values()) {
      clearInterval(w.timer);
      for (const l of w.listeners) l.end();
    }
    this.watches.clear();
  }
}
