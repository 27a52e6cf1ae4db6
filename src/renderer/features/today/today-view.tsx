import { useEffect, useEffectEvent, useState } from 'react';
import type { ShadowClient } from '../../api/index';
import { useOperation } from '../../hooks/use-operation';
import { AppTimeTable } from '../app-time/app-time-table';
import { RecentFrames } from '../observation/recent-frames';
import { PrivacyCard } from '../privacy/privacy-card';
import { DiskMeterCard } from '../disk/disk-meter';
import { DeviceFilter } from '../sync/device-filter';
import { SyncCard } from '../sync/sync-card';
import { PendingQuestions } from '../questions/pending-questions';
import { WorkSessionList } from '../work-sessions/work-session-list';
import { DayCard, type ChartMode } from './day-card';
import { ThreadList } from './thread-list';
import { addDays, localDateOf, mondayOf } from './local-dates';

const REFRESH_MS = 5000;
const CHART_REFRESH_MS = 15_000;

/** Today: the day chart, the day's work threads and app time on the left; questions, what is on screen now and the work sessions on the right. */
export function TodayView({ client, refreshKey }: { readonly client: ShadowClient; readonly refreshKey: number }) {
  const [mode, setMode] = useState<ChartMode>('day');
  // The task opened on the day card, from the chart, its list or a work thread.
  const [selectedTask, setSelectedTask] = useState<number | null>(null);
  // null: the engine's today (a replayed day is "today" on its own clock).
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [engineToday, setEngineToday] = useState<string | null>(null);
  // null: every device whose work the profile holds.
  const [device, setDevice] = useState<string | null>(null);
  const onDevice = device ? { device } : {};
  const shownDate = pickedDate ?? engineToday;
  const isToday = pickedDate === null || pickedDate === engineToday;

  const timelineInput = {
    ...(mode === 'week' && shownDate ? { date: mondayOf(shownDate), days: 7 } : pickedDate ? { date: pickedDate } : {}),
    ...onDevice,
  };
  const timeline = useOperation(client, 'timeline', timelineInput, {
    refreshOn: isToday
      ? ['task:boundary', 'work-session:started', 'work-session:ended', 'context:session-updated', 'sync:imported']
      : ['sync:imported'],
    intervalMs: isToday ? CHART_REFRESH_MS : undefined,
  });
  const timelineNow = timeline.data?.now ?? null;
  // The engine's today follows its clock; read while rendering, as React resets derived state.
  const todayOfEngine = timelineNow ? localDateOf(Date.parse(timelineNow)) : null;
  if (todayOfEngine && todayOfEngine !== engineToday) setEngineToday(todayOfEngine);

  const now = useOperation(client, 'observationNow', {}, { refreshOn: ['context:immediate-updated', 'capture:state-changed'] });
  const appTime = useOperation(
    client,
    'appTime',
    { ...(pickedDate ? { date: pickedDate } : {}), ...onDevice },
    {
      refreshOn: ['work-session:ended', 'sync:imported'],
      intervalMs: isToday ? REFRESH_MS : undefined,
    },
  );
  const workSessions = useOperation(
    client,
    'listWorkSessions',
    { limit: 20, ...onDevice },
    { refreshOn: ['work-session:started', 'work-session:ended', 'sync:imported'], intervalMs: REFRESH_MS * 2 },
  );
  const latestWorkSession = workSessions.data?.workSessions[0] ?? null;
  const reloadAll = useEffectEvent(() => [now.reload, appTime.reload, workSessions.reload, timeline.reload].forEach((reload) => reload()));
  useEffect(() => {
    // Only a new refreshKey (pause/resume in the header) asks for fresh data.
    if (refreshKey > 0) reloadAll();
  }, [refreshKey]);

  const step = (direction: -1 | 1): void => {
    if (!shownDate) return;
    const next = addDays(shownDate, direction * (mode === 'week' ? 7 : 1));
    setPickedDate(engineToday && next >= engineToday ? null : next);
  };

  return (
    <main className="grid">
      <div className="column">
        <DeviceFilter client={client} device={device} onDevice={setDevice} />
        <DayCard
          client={client}
          timeline={timeline.data}
          error={timeline.error}
          mode={mode}
          date={mode === 'week' && shownDate ? mondayOf(shownDate) : shownDate}
          isToday={mode === 'week' ? !!engineToday && !!shownDate && mondayOf(shownDate) === mondayOf(engineToday) : isToday}
          onMode={setMode}
          onDate={(date) => setPickedDate(date && date !== engineToday ? date : null)}
          onStep={step}
          selectedTaskId={selectedTask}
          onSelectTask={setSelectedTask}
        />
        {mode === 'day' && timeline.data?.days[0] && <ThreadList day={timeline.data.days[0]} onOpen={setSelectedTask} />}
        <AppTimeTable appTime={appTime.data} isToday={isToday} />
      </div>
      <div className="column">
        <PendingQuestions client={client} />
        <RecentFrames client={client} now={now.data} workSession={latestWorkSession} />
        <PrivacyCard client={client} />
        <DiskMeterCard client={client} />
        <SyncCard client={client} />
        <WorkSessionList workSessions={workSessions.data?.workSessions ?? null} />
      </div>
    </main>
  );
}
