/**
 * Every metric the alerts and the dashboard may name (issue 30, the contract between the app and
 * deploy/): a test checks the app lists each one. livemarket_redis_up only where Redis is configured,
 * the media node gauges only where a media server reports its nodes.
 */
export const CONTRACT_METRICS = [
  'http_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
  'nodejs_heap_size_used_bytes',
  'livemarket_db_pool_connections',
  'livemarket_redis_up',
  'livemarket_ws_connections',
  'livemarket_chat_fanout_seconds',
  'livemarket_show_viewers',
  'livemarket_media_node_up',
  'livemarket_media_node_viewers',
  'livemarket_media_node_packet_loss_ratio',
  'livemarket_jobs_queued',
  'livemarket_jobs_oldest_age_seconds',
  'livemarket_payments_total',
  'livemarket_refunds_pending',
  'livemarket_refund_oldest_pending_age_seconds',
  'livemarket_payouts_total',
  'livemarket_carrier_webhook_lag_seconds',
  'livemarket_returns_ratio',
  'livemarket_rto_ratio',
] as const;
