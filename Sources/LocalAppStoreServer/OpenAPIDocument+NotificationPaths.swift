/// The path items of App Store Server Notifications: a test notification, its status, and
/// the notification history.
extension OpenAPIDocument {
  /// `POST /inApps/v1/notifications/test`: requestTestNotification.
  static let testNotificationPath = #"""
        "/inApps/v1/notifications/test": {
          "post": {
            "operationId": "requestTestNotification",
            "summary": "Request a Test Notification",
            "responses": {
    \#(responses([200: json(schema: "SendTestNotificationResponse"), 404: errorCodes("4040007")]))
            }
          }
        }
    """#

  /// `GET /inApps/v1/notifications/test/{testNotificationToken}`: getTestNotificationStatus.
  static let testNotificationStatusPath = #"""
        "/inApps/v1/notifications/test/{testNotificationToken}": {
          "get": {
            "operationId": "getTestNotificationStatus",
            "summary": "Get Test Notification Status",
            "parameters": [
              {
                "name": "testNotificationToken",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                },
                "description": "A UUID, optionally followed by '_' and milliseconds."
              }
            ],
            "responses": {
    \#(responses([
      200: json(schema: "CheckTestNotificationResponse"),
      400: errorCodes("4000020"),
      404: errorCodes("4040008"),
    ]))
            }
          }
        }
    """#

  /// `POST /inApps/v1/notifications/history`: getNotificationHistory.
  static let notificationHistoryPath = #"""
        "/inApps/v1/notifications/history": {
          "post": {
            "operationId": "getNotificationHistory",
            "summary": "Get Notification History",
            "parameters": [
              {
                "name": "paginationToken",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                }
              }
            ],
    \#(requestBody("NotificationHistoryRequest")),
            "responses": {
    \#(responses([
      200: json(schema: "NotificationHistoryResponse"),
      400: errorCodes("4000000, 4000006, 4000012, 4000013, 4000014, 4000015, 4000016, 4000018, 4000019"),
      404: errorCodes("4040010"),
    ]))
            }
          }
        }
    """#
}
