import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { WORD_RANGE } from './narratives';

const TIPS = [
  `Keep each section between ${WORD_RANGE.min} and ${WORD_RANGE.max} words: long enough to explain, short enough to be read.`,
  'Lead with the figures that matter most, each with its unit and reporting year.',
  'Compare with the previous year where you have it, and say why the figure moved.',
  'Say plainly what you do not measure yet, rather than estimating it.',
  'Name the framework disclosure you answer (for example GRI 305-1 for scope 1 emissions).',
  'Every number is checked against your data: correct a flagged one, or confirm it if you know it is right.',
];

/** spec §2: static writing tips. */
export function WritingTips() {
  return (
    <Card aria-labelledby="writing-tips-title" className="h-fit">
      <CardHeader>
        <CardTitle id="writing-tips-title">Writing tips</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-slate-700">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
