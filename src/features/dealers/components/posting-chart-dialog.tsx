import { useQuery } from "@tanstack/react-query";
import { ApiError } from "~/client/errors";
import { Modal } from "~/components/modal";
import { ViewsChart } from "~/components/ui/views-chart";
import { formatNumber } from "~/domain/format";
import { pluralCategory } from "~/domain/plural";
import { m } from "~/paraglide/messages";
import { postingStatistics } from "../dealers.mutations";
import type { StockPosting } from "./stock-row";

// Named one by one: a message looked up by a computed name would keep every message in the shared chunk.
const daysOnline = {
  one: m.stock_days_online_one,
  two: m.stock_days_online_two,
  few: m.stock_days_online_few,
  other: m.stock_days_online_other,
};

/** One posting's views over the last 30 days (`GET postings/{code}/statistics`) in a dialog. */
export function PostingChartDialog({ posting, onClose }: { posting: StockPosting | null; onClose: () => void }) {
  const stats = useQuery({
    queryKey: ["posting-statistics", posting?.code],
    queryFn: () => postingStatistics(posting?.code ?? ""),
    enabled: posting !== null,
  });
  return (
    <Modal
      open={posting !== null}
      onClose={onClose}
      title={m.stock_posting_chart_title({ title: posting?.title || m.my_postings_untitled() })}
      size="lg"
    >
      {stats.data ? (
        <>
          {/* Total views and days online side by side, from the same data as the chart (decision 070). */}
          <p className="text-sm" data-testid="posting-chart-totals">
            {m.stock_posting_total({ views: formatNumber(stats.data.total) })}
            {posting?.daysOnline == null
              ? null
              : ` · ${daysOnline[pluralCategory(posting.daysOnline)]({ count: formatNumber(posting.daysOnline) })}`}
          </p>
          <ViewsChart days={stats.data.days} caption={m.stock_posting_chart_caption()} height={200} />
        </>
      ) : stats.isError ? (
        <p role="alert" className="text-sm text-danger">
          {stats.error instanceof ApiError ? stats.error.firstMessage : m.error_generic()}
        </p>
      ) : (
        <p className="text-sm text-muted" aria-busy="true">
          {m.stock_loading()}
        </p>
      )}
    </Modal>
  );
}
