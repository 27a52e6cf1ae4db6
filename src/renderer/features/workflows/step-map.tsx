import { Group } from '@visx/group';
import { LinePath } from '@visx/shape';
import type { Workflow } from '../../../shared/contract/workflows';
import { formatDuration } from '../../format';
import { usualSteps } from './usual-steps';

const NODE_W = 176;
const NODE_H = 64;
const GAP_X = 44;
const ROW_GAP = 36;
const PAD = 12;

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A workflow's steps as a map: the usual ones left to right, the other variants' steps in a row below
 * each under the step it most often follows; each step with its share of cases and typical time, each
 * link with how many cases took it and the median wait. The procedure beside it says the same in words.
 */
export default function StepMap({ workflow: w }: { readonly workflow: Workflow }) {
  const usual = [...new Set(usualSteps(w).map((s) => s.step.id))];
  const others = w.steps.filter((s) => !usual.includes(s.id)).map((s) => s.id);
  const column = new Map<string, number>();
  usual.forEach((id, i) => column.set(id, i));
  const below: string[] = [];
  for (const id of others) {
    const from = w.transitions.filter((t) => t.to === id).sort((a, b) => b.count - a.count)[0];
    const at = from && column.has(from.from) ? column.get(from.from)! + 1 : 0;
    let slot = Math.min(at, Math.max(usual.length, 1) - 1 + below.length);
    while ([...column.entries()].some(([k, c]) => c === slot && below.includes(k))) slot++;
    column.set(id, slot);
    below.push(id);
  }
  const rowOf = (id: string): number => (below.includes(id) ? 1 : 0);
  const columns = Math.max(1, ...[...column.values()].map((c) => c + 1));
  // The map is drawn at this size at most (style maxWidth): a map of two steps is not blown up to the card's width.
  const width = PAD * 2 + columns * NODE_W + (columns - 1) * GAP_X;
  const height = PAD * 2 + (below.length ? 2 : 1) * NODE_H + (below.length ? ROW_GAP : 0);
  const pos = (id: string) => ({ x: PAD + column.get(id)! * (NODE_W + GAP_X), y: PAD + rowOf(id) * (NODE_H + ROW_GAP) });
  const most = Math.max(1, ...w.transitions.map((t) => t.count));
  const description = `Steps of ${w.name}: ${usualSteps(w)
    .map((s, i) => `${i + 1}. ${s.step.name} in ${s.step.where}`)
    .join('; ')}`;

  return (
    <div className="step-map" data-testid="step-map">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxWidth: width }} role="img" aria-label={description}>
        <defs>
          <marker id={`arrow-${w.id}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className="step-arrow" />
          </marker>
        </defs>
        {w.transitions
          .filter((t) => column.has(t.from) && column.has(t.to) && t.from !== t.to)
          .map((t) => {
            const a = pos(t.from);
            const b = pos(t.to);
            const forward = b.x > a.x || rowOf(t.to) !== rowOf(t.from);
            const start: [number, number] = [a.x + (forward ? NODE_W : 0), a.y + NODE_H / 2];
            const end: [number, number] = [b.x + (forward ? 0 : NODE_W), b.y + NODE_H / 2];
            const bend: [number, number] = forward
              ? [(start[0] + end[0]) / 2, (start[1] + end[1]) / 2]
              : [(start[0] + end[0]) / 2, a.y - 18];
            return (
              <Group key={`${t.from}-${t.to}`}>
                <LinePath
                  data={[start, bend, end]}
                  x={(p) => p[0]}
                  y={(p) => p[1]}
                  className="step-link"
                  strokeWidth={1 + (3 * t.count) / most}
                  markerEnd={`url(#arrow-${w.id})`}
                />
                <text x={bend[0]} y={bend[1] - 6} className="step-link-label" textAnchor="middle">
                  {t.count}× {t.medianWaitSeconds >= 60 ? `wait ${formatDuration(t.medianWaitSeconds)}` : ''}
                </text>
              </Group>
            );
          })}
        {w.steps
          .filter((s) => column.has(s.id))
          .map((s) => {
            const { x, y } = pos(s.id);
            return (
              <Group key={s.id} left={x} top={y} className={rowOf(s.id) ? 'step-node variant' : 'step-node'} data-testid="step-node">
                <rect width={NODE_W} height={NODE_H} rx={8} />
                <text x={8} y={18} className="step-name">
                  {clip(s.name, 26)}
                </text>
                <text x={8} y={36} className="step-where">
                  {clip(s.where, 28)}
                </text>
                <text x={8} y={54} className="step-figures">
                  {Math.round(s.share * 100)}% · {formatDuration(s.medianSeconds)}
                </text>
              </Group>
            );
          })}
      </svg>
    </div>
  );
}
