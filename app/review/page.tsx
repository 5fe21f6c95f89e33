import { ReviewView } from "@/components/history/review-view";

export default function ReviewPage() {
  return <ReviewView />;
}
