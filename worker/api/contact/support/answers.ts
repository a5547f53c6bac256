import { z } from 'zod';
import { LANGS, type Lang } from '../../../rules/lang';
import { auditStatement } from '../../kernel/audit';
import { done, refused, type Result } from '../../kernel/refusals';
import type { SavedAnswer, SavedAnswerInput, SavedAnswerPatch } from './schemas';
import type { Act, SupportRefusal } from './tickets';

/**
 * Saved answers (issue 32): texts per language that fill a reply, created, edited and deleted from
 * the console; each change is audited in the batch that makes it. A title is unique in its language
 * (the table's UNIQUE constraint decides, also between parallel requests).
 */

const Row = z.object({ id: z.number().int(), lang: z.enum(LANGS), title: z.string(), body: z.string(), created_at: z.string(), updated_at: z.string() });
const COLUMNS = 'id, lang, title, body, created_at, updated_at';

const toAnswer = (row: z.infer<typeof Row>): SavedAnswer => ({ id: row.id, lang: row.lang, title: row.title, body: row.body, createdAt: row.created_at, updatedAt: row.updated_at });

/** The saved answers, of one language or all, by language then title. */
export async function savedAnswers(db: D1Database, lang?: Lang): Promise<SavedAnswer[]> {
  const statement = lang
    ? db.prepare(`SELECT ${COLUMNS} FROM support_saved_answers WHERE lang = ? ORDER BY title`).bind(lang)
    : db.prepare(`SELECT ${COLUMNS} FROM support_saved_answers ORDER BY lang, title`);
  const { results } = await statement.all();
  return results.map((row) => toAnswer(Row.parse(row)));
}

export async function findSavedAnswer(db: D1Database, id: number): Promise<SavedAnswer | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM support_saved_answers WHERE id = ?`).bind(id).first();
  return row ? toAnswer(Row.parse(row)) : null;
}

/** Which UNIQUE constraint a failed batch met: the title in its language, or the id (drawn before by another answer). */
const conflict = (error: unknown): 'title' | 'id' | null => {
  const text = String(error);
  if (!text.includes('UNIQUE constraint failed')) return null;
  return text.includes('support_saved_answers.title') ? 'title' : text.includes('support_saved_answers.id') ? 'id' : null;
};

/** Runs a saved answer's change with its audit entry, all or nothing: 'done', or the UNIQUE constraint it met (nothing written). */
async function write(act: Act, statements: D1PreparedStatement[]): Promise<'done' | 'title' | 'id'> {
  try {
    await act.db.batch(statements);
    return 'done';
  } catch (error) {
    const met = conflict(error);
    if (met) return met;
    throw error;
  }
}

const audited = (act: Act, verb: 'create' | 'edit' | 'delete', id: number, before: SavedAnswer | null, after: SavedAnswer | SavedAnswerInput | null) =>
  auditStatement(act.db, { actor: act.actor, action: `support.answer_${verb}`, entity: 'saved_answer', entityId: String(id), before, after, origin: act.origin, at: act.at });

const CREATE_TRIES = 5;

/** A saved answer's id: random in 1 … 2^31 − 1 (drawn before the batch, so the audit entry in it names the answer). */
const randomId = (): number => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 0x7fffffff + 1;

export async function createSavedAnswer(act: Act, input: SavedAnswerInput): Promise<Result<SavedAnswer, SupportRefusal>> {
  const at = act.at.toISOString();
  for (let attempt = 0; attempt < CREATE_TRIES; attempt++) {
    const id = randomId();
    const written = await write(act, [
      act.db
        .prepare('INSERT INTO support_saved_answers (id, lang, title, body, created_by, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)')
        .bind(id, input.lang, input.title, input.body, act.actor.id, at),
      audited(act, 'create', id, null, input),
    ]);
    // An id already taken (rare): nothing was written, draw another.
    if (written === 'id') continue;
    if (written === 'title') return refused('ANSWER_TITLE_TAKEN');
    return done({ id, lang: input.lang, title: input.title, body: input.body, createdAt: at, updatedAt: at });
  }
  throw new Error('support: no free saved answer id');
}

export async function editSavedAnswer(act: Act, id: number, patch: SavedAnswerPatch): Promise<Result<SavedAnswer, SupportRefusal>> {
  const before = await findSavedAnswer(act.db, id);
  if (!before) return refused('ANSWER_NOT_FOUND', String(id));
  const after = { ...before, ...patch, updatedAt: act.at.toISOString() };
  const written = await write(act, [
    act.db.prepare('UPDATE support_saved_answers SET lang = ?2, title = ?3, body = ?4, updated_at = ?5 WHERE id = ?1').bind(id, after.lang, after.title, after.body, after.updatedAt),
    audited(act, 'edit', id, before, after),
  ]);
  return written === 'done' ? done(after) : refused('ANSWER_TITLE_TAKEN');
}

export async function deleteSavedAnswer(act: Act, id: number): Promise<Result<SavedAnswer, SupportRefusal>> {
  const before = await findSavedAnswer(act.db, id);
  if (!before) return refused('ANSWER_NOT_FOUND', String(id));
  await act.db.batch([act.db.prepare('DELETE FROM support_saved_answers WHERE id = ?1').bind(id), audited(act, 'delete', id, before, null)]);
  return done(before);
}
