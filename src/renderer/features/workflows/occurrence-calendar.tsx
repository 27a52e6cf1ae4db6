import { formatDate } from '../../format';
import { addDays, mondayOf } from '../today/local-dates';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The range as weeks of days, each day with how many cases began on it (shaded by how many). */
export function OccurrenceCalendar({
  from,
  to,
  perDay,
}: {
  readonly from: string;
  readonly to: string;
  readonly perDay: readonly { readonly date: string; readonly count: number }[];
}) {
  const counts = new Map(perDay.map((d) => [d.date, d.count]));
  const most = Math.max(1, ...perDay.map((d) => d.count));
  const weeks: string[][] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  return (
    <table className="workflow-calendar" data-testid="workflow-calendar">
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((days) => (
          <tr key={days[0]}>
            {days.map((date) => {
              const inRange = date >= from && date <= to;
              const count = counts.get(date) ?? 0;
              return (
                <td
                  key={date}
                  className={inRange ? 'day' : 'day outside'}
                  style={count > 0 ? { ['--share' as string]: String(count / most) } : undefined}
                  data-date={date}
                  data-count={inRange ? count : undefined}
                  title={`${formatDate(`${date}T12:00`)}: ${count}`}
                >
                  <span className="date">{Number(date.slice(8))}</span>
                  {inRange && count > 0 && <span className="count">{count}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
