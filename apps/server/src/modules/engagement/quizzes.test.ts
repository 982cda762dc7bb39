import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Quiz, QuizAttempt, ServerMessage } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let streamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload }) });

const question = (text: string, correctAnswer: number, points?: number) => ({
  question: text,
  options: ['Kundan', 'Polki', 'Meenakari', 'Temple'],
  correctAnswer,
  ...(points === undefined ? {} : { points }),
});
const createQuiz = (payload: object, who: TestUser = seller, stream = streamId) => req('POST', `/api/streams/${stream}/quizzes`, who, payload);
const answer = (quizId: string, questionId: string, selectedOption: number, who: TestUser = shopper) =>
  req('POST', `/api/quizzes/${quizId}/answer`, who, { questionId, selectedOption });
const activeQuiz = async (who: TestUser | null, stream = streamId) => Quiz.nullable().parse((await req('GET', `/api/streams/${stream}/quiz/active`, who)).json());

describe('creating a quiz', () => {
  it('lets only the owner create one (403) and checks the title and questions', async () => {
    expect((await createQuiz({ title: 'Jewellery', questions: [question('Which?', 1)] }, shopper)).statusCode).toBe(403);
    const blank = await createQuiz({ title: '  ', questions: [question('Which?', 1)] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a quiz title');
    const incomplete = await createQuiz({
      title: 'Jewellery',
      questions: [{ question: '', options: ['a', 'b', 'c', 'd'], correctAnswer: 0 }, { question: 'Q', options: ['a', '', 'c', 'd'], correctAnswer: 0 }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Please add at least one complete question');
    expect((await createQuiz({ title: 'Jewellery', questions: [question('Which?', 1, 101)] })).statusCode).toBe(400);
  });
});

describe('playing a quiz', () => {
  let quiz: Quiz;
  let socket: TestSocket;
  const received: Record<string, unknown>[] = [];

  beforeAll(async () => {
    socket = await TestSocket.connect(await wsUrl(t.app), { cookie: shopper.cookie, origin: t.config.publicOrigin });
    socket.ws.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
    socket.send({ type: 'join_stream', streamId });
    await socket.nextOf('viewer_count_update');
    const res = await createQuiz({
      title: ' Know your jewellery ',
      questions: [question('Which uses uncut diamonds?', 1, 20), { question: 'Dropped', options: ['a', 'b', '', 'd'], correctAnswer: 0 }, question('Which is enamel work?', 2)],
    });
    expect(res.statusCode).toBe(201);
    quiz = Quiz.parse(res.json());
  });
  afterAll(() => socket.close());

  it('drops incomplete questions, defaults points to 10 and refuses a second active quiz (409)', async () => {
    expect(quiz.title).toBe('Know your jewellery');
    expect(quiz.questions.map((q) => [q.question, q.points, q.correctAnswer])).toEqual([
      ['Which uses uncut diamonds?', 20, 1],
      ['Which is enamel work?', 10, 2],
    ]);
    expect((await createQuiz({ title: 'Another', questions: [question('Q', 0)] })).statusCode).toBe(409);
  });

  it('tells the room it started, as a viewer sees it, without the answers', async () => {
    const message = ServerMessage.parse(await socket.nextOf('quiz_started'));
    expect(message).toMatchObject({ type: 'quiz_started', streamId, quiz: { id: quiz.id, title: 'Know your jewellery', isActive: true } });
    expect(message.type === 'quiz_started' && message.quiz.questions.map((q) => q.question)).toEqual(['Which uses uncut diamonds?', 'Which is enamel work?']);
    expect(JSON.stringify(message)).not.toContain('correctAnswer');
  });

  it('shows the correct answers to the owner only', async () => {
    const forViewer = await activeQuiz(shopper);
    expect(forViewer?.id).toBe(quiz.id);
    expect(forViewer!.questions.every((q) => !('correctAnswer' in q))).toBe(true);
    const forVisitor = (await req('GET', `/api/streams/${streamId}/quiz/active`, null)).body;
    expect(forVisitor).not.toContain('correctAnswer');
    expect((await activeQuiz(seller))!.questions.map((q) => q.correctAnswer)).toEqual([1, 2]);
  });

  it('scores answers, refuses a repeated answer (409) and keeps the attempt', async () => {
    const [q1, q2] = quiz.questions;
    expect((await req('GET', `/api/quizzes/${quiz.id}/attempt`, shopper)).json()).toBeNull();
    const right = await answer(quiz.id, q1!.id, 1);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ correct: true, correctAnswer: 1, pointsAwarded: 20 });
    const again = await answer(quiz.id, q1!.id, 1);
    expect(again.statusCode).toBe(409);
    const wrong = await answer(quiz.id, q2!.id, 0);
    expect(wrong.json()).toEqual({ correct: false, correctAnswer: 2, pointsAwarded: 0 });
    expect((await answer(quiz.id, '00000000-0000-4000-8000-000000000000', 0)).statusCode).toBe(400);
    const attempt = QuizAttempt.parse((await req('GET', `/api/quizzes/${quiz.id}/attempt`, shopper)).json());
    expect(attempt).toEqual({
      score: 20,
      answers: [
        { questionId: q1!.id, selectedOption: 1, isCorrect: true },
        { questionId: q2!.id, selectedOption: 0, isCorrect: false },
      ],
    });
  });

  it('counts a burst of parallel answers to one question once', async () => {
    const eager = await makeUser(t.app, 'Eager');
    const burst = await Promise.all(Array.from({ length: 10 }, () => answer(quiz.id, quiz.questions[0]!.id, 1, eager)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(QuizAttempt.parse((await req('GET', `/api/quizzes/${quiz.id}/attempt`, eager)).json()).score).toBe(20);
  });

  it('lets only the owner end it, broadcasts the leaderboard, then refuses answers (409)', async () => {
    expect((await req('PATCH', `/api/quizzes/${quiz.id}`, shopper, { isActive: false })).statusCode).toBe(403);
    const ended = await req('PATCH', `/api/quizzes/${quiz.id}`, seller, { isActive: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().isActive).toBe(false);
    const message = ServerMessage.parse(await socket.nextOf('quiz_ended'));
    expect(message).toEqual({
      type: 'quiz_ended',
      streamId,
      quizId: quiz.id,
      leaderboard: [
        { displayName: 'Rahul', score: 20 },
        { displayName: 'Eager', score: 20 },
      ],
    });
    const late = await answer(quiz.id, quiz.questions[1]!.id, 2, await makeUser(t.app, 'Late'));
    expect(late.statusCode).toBe(409);
    expect((await activeQuiz(shopper))).toMatchObject({ id: quiz.id, isActive: false });
    // Nothing the viewer received over the socket ever carried a correct answer.
    expect(received.length).toBeGreaterThan(0);
    expect(JSON.stringify(received)).not.toContain('correctAnswer');
  });
});
