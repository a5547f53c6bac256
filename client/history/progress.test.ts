import { describe, expect, it } from 'vitest';
import { clock, filmTarget, progressOf, seriesTarget } from './progress';

const ep = (id: number, season: number, number: number, duration: number | null = 600) => ({
  id,
  slug: `s${season}e${number}`,
  season_number: season,
  episode_number: number,
  duration,
});
const EPISODES = [ep(1, 1, 1), ep(2, 1, 2), ep(3, 2, 1), ep(4, 2, 2)];

describe('watching progress', () => {
  it('formats positions like the player', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(754)).toBe('12:34');
    expect(clock(3723.9)).toBe('1:02:03');
  });

  it('measures progress', () => {
    expect(progressOf(300, 600)).toBe(0.5);
    expect(progressOf(900, 600)).toBe(1);
    expect(progressOf(300, null)).toBe(0);
  });

  it('resumes a film only when it is started and unfinished', () => {
    const film = { id: 9, slug: 'film', duration: 6000 };
    expect(filmTarget(film, [])).toEqual({ slug: 'film', resumeAt: 0, progress: 0, episode: null });
    expect(filmTarget(film, [{ id: 9, time: 1500 }])).toMatchObject({ resumeAt: 1500, progress: 0.25 });
    expect(filmTarget(film, [{ id: 9, time: 6000 }])).toMatchObject({ resumeAt: 0, progress: 0 });
  });

  it('starts a series at the first episode, the unfinished one, or the one after the last finished', () => {
    expect(seriesTarget([], [])).toBeNull();
    expect(seriesTarget(EPISODES, [{ id: 77, time: 10 }])).toMatchObject({ slug: 's1e1', resumeAt: 0, episode: { season: 1, number: 1 } });
    expect(seriesTarget(EPISODES, [{ id: 2, time: 120 }, { id: 1, time: 600 }])).toMatchObject({ slug: 's1e2', resumeAt: 120, progress: 0.2 });
    // Most recent first: episode 2 finished last, so season 2 episode 1 comes next (with its own earlier progress).
    expect(seriesTarget(EPISODES, [{ id: 2, time: 600 }, { id: 3, time: 60 }])).toMatchObject({ slug: 's2e1', resumeAt: 60, episode: { season: 2, number: 1 } });
    expect(seriesTarget(EPISODES, [{ id: 4, time: 600 }])).toMatchObject({ slug: 's1e1', resumeAt: 0 });
  });
});
